import type { Product } from '@kram/contract/catalog';
import { A11y, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { useT } from '../../lib/i18n';
import { ShopProductCard } from './shop-product-card';
import 'swiper/css';

/** Home sliders (spec section 9): 4 per view from 1024px, 1 from 320px, 15px apart, looping. */
export const sliderBreakpoints = {
  320: { slidesPerView: 1, spaceBetween: 15 },
  1024: { slidesPerView: 4, spaceBetween: 15 },
};

/** The Swiper itself, loaded when a slider comes near the screen (see product-slider.tsx). */
export default function SwiperSlider({
  products,
  label,
  navId,
}: {
  products: readonly Product[];
  label: string;
  navId: string;
}) {
  const t = useT();
  return (
    <Swiper
      modules={[Navigation, A11y]}
      slidesPerView={1}
      spaceBetween={15}
      loop={products.length > 4}
      breakpoints={sliderBreakpoints}
      navigation={{ prevEl: `.prev-${navId}`, nextEl: `.next-${navId}` }}
      a11y={{ containerMessage: label, prevSlideMessage: t('home.sliderPrev'), nextSlideMessage: t('home.sliderNext') }}
    >
      {products.map((product) => (
        <SwiperSlide key={product.id}>
          <ShopProductCard product={product} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
