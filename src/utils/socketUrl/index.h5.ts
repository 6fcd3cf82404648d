/** The deal rooms' WebSocket in the H5: beside API_BASE when it is set, else on the page's own origin. */
export const socketUrl = (): string =>
  API_BASE
    ? `${API_BASE.replace(/^http/, 'ws')}/api/ws`
    : `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws`
