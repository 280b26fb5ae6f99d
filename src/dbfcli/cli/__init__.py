"""The command-line shell: one module per noun, each with ``register(app)``."""
