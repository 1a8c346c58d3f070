// The auth feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export {
  authMachine,
  isLoggedIn,
  isReauthenticating,
  isSigningOut,
  logoutError,
  SESSION_LOST_MESSAGE,
} from './auth.machine';
export { passwordMachine, type PasswordRequest } from './password.machine';
