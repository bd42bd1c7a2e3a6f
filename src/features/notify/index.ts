/**
 * Price alerts and notifications (issue 24 part 6): the K-line page's bell and alert sheet, and the notification
 * settings (push on this device, which events are pushed). The calls are src/api/notify.ts; the in-app toasts of
 * fired alerts are the user stream's (src/features/user-stream).
 */
export { AlertButton } from './AlertButton'
export { NotifySettingsPanel } from './NotifySettingsPanel'
