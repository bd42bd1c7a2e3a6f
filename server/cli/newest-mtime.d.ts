/**
 * Newest modification time (ms) of any file under `path`, skipping node_modules and dot-entries (such as
 * server/.bundle); 0 when `path` does not exist.
 */
export function newestMtime(path: string): number
