// The auth feature's UI as the rest of the app takes it: from here, never
// from the files beside (eslint.config.js, feature folders).
export { LandingScreen } from './landing-screen';
export { ReauthDialog } from './reauth-dialog';
export { useSession } from './use-session';
