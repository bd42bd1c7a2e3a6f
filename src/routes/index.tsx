import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/` redirects to `/home` (spec §2). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true })
  },
})
