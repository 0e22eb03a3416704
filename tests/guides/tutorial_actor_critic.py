# ruff: noqa: E501, E741, UP008, UP031, UP032  (the cells as written)
"""TF's "Playing CartPole with the Actor-Critic method" on a tiny seeded pole environment
written in NumPy (no gym): the ActorCritic model, env_step through tf.numpy_function,
run_episode's TensorArrays in a tf.while loop, get_expected_return (cumulative sums in
reverse, standardized), the Huber critic loss, and a tf.function train step."""

import collections
import statistics

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

tf.keras.utils.set_random_seed(42)
eps = np.finfo(np.float32).eps.item()
print(eps)


class PoleEnv:
    """A 4-state pole balanced by pushes left or right (a linearized cart-pole)."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.state = None

    def reset(self):
        self.state = self.rng.uniform(-0.05, 0.05, size=4)
        return self.state.astype(np.float32), {}

    def step(self, action):
        x, v, th, w = self.state
        force = 10.0 if action == 1 else -10.0
        w = w + 0.02 * (9.8 * th - 0.05 * force)
        th = th + 0.02 * w
        v = v + 0.02 * force / 1.1
        x = x + 0.02 * v
        self.state = np.array([x, v, th, w])
        done = abs(th) > 0.21 or abs(x) > 2.4
        return self.state.astype(np.float32), 1.0, done, False, {}


env = PoleEnv(seed=42)
num_actions = 2


class ActorCritic(tf.keras.Model):
    def __init__(self, num_actions, num_hidden_units):
        super().__init__()
        self.common = layers.Dense(num_hidden_units, activation="relu")
        self.actor = layers.Dense(num_actions)
        self.critic = layers.Dense(1)

    def call(self, inputs):
        x = self.common(inputs)
        return self.actor(x), self.critic(x)


num_hidden_units = 32
model = ActorCritic(num_actions, num_hidden_units)


def env_step(action):
    state, reward, done, truncated, info = env.step(action)
    return (state.astype(np.float32), np.array(reward, np.int32), np.array(done, np.int32))


def tf_env_step(action):
    return tf.numpy_function(env_step, [action], [tf.float32, tf.int32, tf.int32])


def run_episode(initial_state, model, max_steps):
    action_probs = tf.TensorArray(dtype=tf.float32, size=0, dynamic_size=True)
    values = tf.TensorArray(dtype=tf.float32, size=0, dynamic_size=True)
    rewards = tf.TensorArray(dtype=tf.int32, size=0, dynamic_size=True)
    initial_state_shape = initial_state.shape
    state = initial_state
    for t in tf.range(max_steps):
        state = tf.expand_dims(state, 0)
        action_logits_t, value = model(state)
        action = tf.random.categorical(action_logits_t, 1)[0, 0]
        action_probs_t = tf.nn.softmax(action_logits_t)
        values = values.write(t, tf.squeeze(value))
        action_probs = action_probs.write(t, action_probs_t[0, action])
        state, reward, done = tf_env_step(action)
        state.set_shape(initial_state_shape)
        rewards = rewards.write(t, reward)
        if tf.cast(done, tf.bool):
            break
    action_probs = action_probs.stack()
    values = values.stack()
    rewards = rewards.stack()
    return action_probs, values, rewards


def get_expected_return(rewards, gamma, standardize=True):
    n = tf.shape(rewards)[0]
    returns = tf.TensorArray(dtype=tf.float32, size=n)
    rewards = tf.cast(rewards[::-1], dtype=tf.float32)
    discounted_sum = tf.constant(0.0)
    discounted_sum_shape = discounted_sum.shape
    for i in tf.range(n):
        reward = rewards[i]
        discounted_sum = reward + gamma * discounted_sum
        discounted_sum.set_shape(discounted_sum_shape)
        returns = returns.write(i, discounted_sum)
    returns = returns.stack()[::-1]
    if standardize:
        returns = ((returns - tf.math.reduce_mean(returns)) / (tf.math.reduce_std(returns) + eps))
    return returns


print(get_expected_return(tf.constant([1, 1, 1, 1]), 0.99, standardize=False))
print(get_expected_return(tf.constant([1, 1, 1, 1]), 0.5))
huber_loss = tf.keras.losses.Huber(reduction=tf.keras.losses.Reduction.SUM)
print(huber_loss.get_config())
print(huber_loss(tf.constant([[0.0], [2.0]]), tf.constant([[0.5], [0.0]])))


def compute_loss(action_probs, values, returns):
    advantage = returns - values
    action_log_probs = tf.math.log(action_probs)
    actor_loss = -tf.math.reduce_sum(action_log_probs * advantage)
    critic_loss = huber_loss(values, returns)
    return actor_loss + critic_loss


optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)


@tf.function
def train_step(initial_state, model, optimizer, gamma, max_steps_per_episode):
    with tf.GradientTape() as tape:
        action_probs, values, rewards = run_episode(initial_state, model, max_steps_per_episode)
        returns = get_expected_return(rewards, gamma)
        action_probs, values, returns = [tf.expand_dims(x, 1) for x in [action_probs, values, returns]]
        loss = compute_loss(action_probs, values, returns)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    episode_reward = tf.math.reduce_sum(rewards)
    return episode_reward


state0, info = env.reset()
probs, values, rewards = run_episode(tf.constant(state0), model, 20)
print(probs.dtype, values.dtype, rewards.dtype, probs.shape.rank, bool(tf.reduce_all(probs > 0)))
min_episodes_criterion = 5
max_episodes = 6
max_steps_per_episode = 30
gamma = 0.99
episodes_reward = collections.deque(maxlen=min_episodes_criterion)
for i in range(max_episodes):
    initial_state, info = env.reset()
    initial_state = tf.constant(initial_state, dtype=tf.float32)
    episode_reward = int(train_step(initial_state, model, optimizer, gamma, max_steps_per_episode))
    episodes_reward.append(episode_reward)
print(type(statistics.mean(episodes_reward)).__name__, len(episodes_reward))
print(train_step.experimental_get_tracing_count(), int(optimizer.iterations))
print([v.shape for v in model.trainable_variables])
cf = train_step.get_concrete_function(initial_state, model, optimizer, gamma, max_steps_per_episode)
print(cf.structured_outputs, cf.output_dtypes)
print(sorted({op.type for op in cf.graph.get_operations()} & {"While", "StatelessWhile", "PyFunc", "EagerPyFunc", "TensorListReserve", "Multinomial"}))
