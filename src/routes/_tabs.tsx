import { createFileRoute, Outlet } from '@tanstack/react-router'
import { TabBar } from './-components/TabBar'

/** Pathless layout of the five tabs (spec §2 main shell): the tab's screen above, the tab bar at the bottom. */
export const Route = createFileRoute('/_tabs')({
  component: TabShell,
})

function TabShell() {
  return (
    <div className="tab-shell">
      <main className="tab-shell__main">
        <Outlet />
      </main>
      <TabBar />
    </div>
  )
}
