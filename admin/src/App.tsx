/** Sign-in until a staff session exists, then the console (its own chunk). */
import { lazy, Suspense } from 'react'
import { Loading } from './Loading'
import { useSession } from './session'
import SignIn from './SignIn'

const Console = lazy(() => import('./Console'))

export function App() {
  const { me } = useSession()
  if (me === undefined) return <Loading />
  if (me === null) return <SignIn />
  return (
    <Suspense fallback={<Loading />}>
      <Console me={me} />
    </Suspense>
  )
}
