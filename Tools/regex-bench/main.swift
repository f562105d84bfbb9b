print("regex-bench: not built yet")
