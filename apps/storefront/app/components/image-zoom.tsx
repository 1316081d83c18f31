import { useEffect, useRef, useState } from 'react';
import '../widgets/product/product.css';

/** Zoom timings (spec "Product page"). */
export const zoomTiming = { hoverDelayMs: 250, hoverOffDelayMs: 150, fadeMs: 300, longTouchMs: 500 } as const;

interface Props {
  /** The large image (1200×1800), loaded only when zooming starts. */
  largeSrc: string;
  hint: string;
  children: React.ReactNode;
}

/**
 * Zooms into the large image where the pointer is: after 250 ms of hover (off after 150 ms), or on
 * a long touch; the zoomed view fades in over 300 ms.
 */
export function ImageZoom({ largeSrc, hint, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const lens = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [active, setActive] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (next: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setActive(next), ms);
  };
  const follow = (clientX: number, clientY: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || !lens.current) return;
    const x = Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100));
    const y = Math.min(100, Math.max(0, ((clientY - rect.top) / rect.height) * 100));
    lens.current.style.backgroundPosition = `${x}% ${y}%`;
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: zoom is a pointer enhancement; the image stays plain content.
    <div
      ref={box}
      className={active ? 'zoom is-active' : 'zoom'}
      onMouseEnter={(e) => {
        follow(e.clientX, e.clientY);
        later(true, zoomTiming.hoverDelayMs);
      }}
      onMouseMove={(e) => follow(e.clientX, e.clientY)}
      onMouseLeave={() => later(false, zoomTiming.hoverOffDelayMs)}
      onTouchStart={(e) => {
        const touch = e.touches[0];
        if (touch) follow(touch.clientX, touch.clientY);
        later(true, zoomTiming.longTouchMs);
      }}
      onTouchMove={(e) => {
        const touch = e.touches[0];
        if (active && touch) {
          follow(touch.clientX, touch.clientY);
        } else clearTimeout(timer.current);
      }}
      onTouchEnd={() => later(false, 0)}
      onContextMenu={(e) => active && e.preventDefault()}
    >
      {children}
      <div
        ref={lens}
        className="zoom__lens"
        style={{
          backgroundImage: active ? `url("${largeSrc}")` : undefined,
          transitionDuration: `${zoomTiming.fadeMs}ms`,
        }}
        aria-hidden="true"
      />
      <p className="zoom__hint" aria-hidden="true">
        {hint}
      </p>
    </div>
  );
}
