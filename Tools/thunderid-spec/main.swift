print("thunderid-spec: not built yet")
