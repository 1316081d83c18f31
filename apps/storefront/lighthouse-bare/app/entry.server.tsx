// The storefront's own server entry (nonces, streaming), so the comparison is like for like.
export { default, streamTimeout } from '../../app/entry.server';
