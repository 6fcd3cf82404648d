/** The deal rooms' WebSocket in a mini-program: beside API_BASE (https → wss), which a mini-program always has. */
export const socketUrl = (): string => `${API_BASE.replace(/^http/, 'ws')}/api/ws`
