def read_graphwalks(source): return []
