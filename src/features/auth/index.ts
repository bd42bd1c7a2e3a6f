/** Sign-in, registration and the client session: what routes and other areas may use. */
export { signOut, SERVER_LOGOUT_WAIT_MS } from './sign-out'
export { ForgotPasswordForm } from './ForgotPasswordForm'
export { LoginForm } from './LoginForm'
export { RegisterForm } from './RegisterForm'
export { UseWalletInstead } from './UseWalletInstead'
export { useSecondFactorProps } from './second-factor'
