import { AuthModal } from '../../features/auth/auth-modal';
import { mergeGuestWishlist } from '../../features/wishlist/merge-guest-wishlist';

/** The authorization modal; signing in moves the guest's wishlist to the account. */
export function AuthDialog() {
  return <AuthModal onSignedIn={() => void mergeGuestWishlist()} />;
}
