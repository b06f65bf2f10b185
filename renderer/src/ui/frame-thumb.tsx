import { useEffect, useState } from 'react';
import type { FrameImageSize } from '../../../shared/api/index.js';
import { useApi } from '../lib/api-context.js';
import { frameImageCache } from '../lib/frame-images.js';
import { IconImage } from './icons.js';

interface FrameThumbProps {
  frameId: string | null;
  alt: string;
  size?: FrameImageSize;
  className?: string;
  /** Wait this long before fetching, so rows flying past during a fast scroll cost nothing. */
  delayMs?: number;
}

export function FrameThumb({ frameId, alt, size = 'thumb', className = 'thumb', delayMs = 90 }: FrameThumbProps) {
  const api = useApi();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setUrl(null);
    setFailed(false);
    if (!frameId) return;
    let live = true;
    const timer = setTimeout(() => {
      void frameImageCache(api)
        .get(frameId, size)
        .then((u) => {
          if (!live) return;
          if (u) setUrl(u);
          else setFailed(true);
        });
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, frameId, size, delayMs]);

  if (url) return <img className={className} src={url} alt={alt} draggable={false} />;
  return (
    <div className={`${className} thumb-placeholder${failed || !frameId ? ' static' : ''}`} role="img" aria-label={failed ? `${alt} (image unavailable)` : alt}>
      <IconImage size={18} />
    </div>
  );
}
