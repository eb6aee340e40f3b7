/**
 * The path the contract is served under (openapi.yaml `servers`): the reference server mounts the API
 * there, the client calls it there unless VITE_API_BASE says otherwise, and the Node mocks answer there.
 */
export const API_PREFIX = '/api';
