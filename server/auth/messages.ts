/**
 * Helpers to answer with an auth message: a business refusal, or a message with `{name}` placeholders filled. Both
 * live in the neutral domain modules now (server/domain); re-exported here for the auth code that names them.
 */
export { rejected } from '../domain/errors'
export { fillMessage } from '../domain/message'
