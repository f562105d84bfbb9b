print("ecma-regex: not built yet")
