/** Market engine for the UI: the worker client, a fake for tests and the React hooks over its snapshots. */
export { startWorkerEngine, wrapRemote } from './client'
export { createFakeEngine } from './fake-engine'
export type { FakeEngine } from './fake-engine'
export { feedUpdate, useBook, useEngine, useEngineStatus, useTickers, useTrades } from './hooks'
export type { EngineClient, Unsubscribe, UserClient } from './types'
export type {
  BookSnapshot,
  CandleSnapshot,
  EngineStats,
  EngineStatus,
  SnapshotOrigin,
  TickerSnapshot,
  TradesSnapshot,
} from '../../common/engine-api'
