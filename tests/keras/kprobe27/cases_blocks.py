"""stub"""
SNIPPETS = {}
