def read_questions(source): return []
