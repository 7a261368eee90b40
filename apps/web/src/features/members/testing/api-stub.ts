// The request stubs and builders every feature's tests share; re-exported so a test imports its stubs from one place.
export { commands, jsonResponse, serve, type FetchMock } from '../../../testing/api';
export { ALL_FIELDS_SETTINGS, buildCard, buildMember, buildPhoto, INTERESTS } from '../../../testing/factories';
