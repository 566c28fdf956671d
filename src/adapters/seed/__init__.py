"""Built-in content seeded into a new store (the blog posts of spec section 2)."""
