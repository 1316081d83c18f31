// Every stylesheet of the shop, written into each page's <head> by the server (entry.server.tsx):
// no render-blocking request before the first paint, and the browser bundle carries none of it.
// A component's styles sit beside it; add its file here.
import swiper from 'swiper/css?inline';
import ratingStars from '../components/rating-stars.css?inline';
import account from '../features/account/account.css?inline';
import auth from '../features/auth/auth.css?inline';
import cart from '../features/cart/cart.css?inline';
import breadcrumbs from '../features/catalog/breadcrumbs.css?inline';
import productCard from '../features/catalog/product-card.css?inline';
import checkout from '../features/checkout/checkout.css?inline';
import feedback from '../features/feedback/feedback.css?inline';
import legal from '../features/legal/legal.css?inline';
import footer from '../widgets/footer/footer.css?inline';
import header from '../widgets/header/header.css?inline';
import home from '../widgets/home/home.css?inline';
import infoPage from '../widgets/info-page/info-page.css?inline';
import listing from '../widgets/listing/listing.css?inline';
import product from '../widgets/product/product.css?inline';
import slider from '../widgets/product-card/product-slider.css?inline';
import base from './base.css?inline';

export const inlineCss = [
  base,
  header,
  footer,
  cart,
  checkout,
  productCard,
  breadcrumbs,
  listing,
  product,
  home,
  swiper,
  slider,
  ratingStars,
  auth,
  account,
  infoPage,
  legal,
  feedback,
].join('\n');
