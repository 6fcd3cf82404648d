// Hooks start databases (a few seconds each, more on a busy CI machine): jest's 5 s default is too tight.
jest.setTimeout(30_000)
