import type { Product } from '@kram/contract/catalog';
import { lazy, Suspense, startTransition, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { useT } from '../../lib/i18n';
import { ShopProductCard } from './shop-product-card';
import './product-slider.css';

const SwiperSlider = lazy(() => import('./swiper-slider'));

/**
 * A home slider. The server renders the slides in Swiper's own markup, laid out as Swiper will lay
 * them out; Swiper's code (about 30 KB) loads only when the slider comes near the screen, and
 * takes over without moving anything.
 */
export function ProductSlider({ products, label }: { products: readonly Product[]; label: string }) {
  const t = useT();
  const navId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const box = useRef<HTMLDivElement>(null);
  const [live, setLiveNow] = useState(false);
  // In a transition the still slides stay on screen until Swiper's code has arrived.
  const setLive = (value: boolean) => startTransition(() => setLiveNow(value));

  useEffect(() => {
    const element = box.current;
    if (!element || live) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setLiveNow(true));
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [live]);

  const still = (
    <div className="swiper">
      <div className="swiper-wrapper">
        {products.map((product) => (
          <div className="swiper-slide" key={product.id}>
            <ShopProductCard product={product} />
          </div>
        ))}
      </div>
    </div>
  );

  return (
    <div className="product-slider" ref={box}>
      <button
        type="button"
        className={`slider-nav slider-nav--prev prev-${navId}`}
        aria-label={t('home.sliderPrev')}
        onClick={() => setLive(true)}
      >
        <Icon name="prev" />
      </button>
      {live ? (
        <Suspense fallback={still}>
          <SwiperSlider products={products} label={label} navId={navId} />
        </Suspense>
      ) : (
        still
      )}
      <button
        type="button"
        className={`slider-nav slider-nav--next next-${navId}`}
        aria-label={t('home.sliderNext')}
        onClick={() => setLive(true)}
      >
        <Icon name="next" />
      </button>
    </div>
  );
}
