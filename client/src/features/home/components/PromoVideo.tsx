import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Icon } from '@/components/ui/Icon';
import { SectionHeader } from '@/components/ui/SectionHeader';
import './home.css';

const POSTER = '/images/promo-poster.webp';

export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Promo video with custom controls: play/pause, a seek slider, elapsed and total time. */
export function PromoVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);

  // Native listeners, read once on mount as well: metadata can load before React commits.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const sync = () => {
      setDuration(Number.isFinite(video.duration) ? video.duration : 0);
      setCurrent(video.currentTime);
      setPlaying(!video.paused && !video.ended);
    };
    const events = ['loadedmetadata', 'durationchange', 'timeupdate', 'play', 'pause', 'ended'] as const;
    events.forEach((name) => video.addEventListener(name, sync));
    if (video.readyState >= 1) sync();
    return () => events.forEach((name) => video.removeEventListener(name, sync));
  }, []);

  // The video is below the fold: its metadata (which costs Chrome most of the small file) loads
  // when the player nears the screen, not with the page, where it competed with the LCP image.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const loadMetadata = () => {
      if (video.preload !== 'none') return;
      // The image under the video has fetched the poster by now; the video shows it over its first frame.
      video.poster = POSTER;
      video.preload = 'metadata';
      if (video.paused && video.readyState === 0) video.load();
    };
    if (typeof IntersectionObserver !== 'function') {
      loadMetadata();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          loadMetadata();
        }
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play()?.catch(() => undefined);
    else video.pause();
  };

  const seek = (event: ChangeEvent<HTMLInputElement>) => {
    const video = videoRef.current;
    const value = Number(event.target.value);
    if (video) video.currentTime = value;
    setCurrent(value);
  };

  return (
    <section className="section section--tint" aria-labelledby="promo-title">
      <div className="container promo">
        <div className="promo__text">
          <SectionHeader
            eyebrow="See how it works"
            title="From Kumasi to Your New Career"
            id="promo-title"
            lead={
              'Watch how we take you from your first consultation to your first day at work: screening, ' +
              'interview, documents, visa, flight and arrival support.'
            }
          />
          <ul className="checklist">
            <li>
              <Icon name="check" size={18} /> One consultant from start to finish
            </li>
            <li>
              <Icon name="check" size={18} /> Written contract before any payment
            </li>
            <li>
              <Icon name="check" size={18} /> Pre-departure orientation
            </li>
          </ul>
        </div>
        <figure className="promo__player">
          <div className="promo__stage">
            {/* Not the video's poster attribute: Chrome fetches that with the page's first requests,
                8.5 KB beside the hero's image, for a player below the first screen. A lazy image under
                the video shows through until the video has a poster of its own (set when it nears). */}
            <img
              className="promo__poster"
              src={POSTER}
              alt=""
              width={1280}
              height={720}
              loading="lazy"
              decoding="async"
            />
            <video
              ref={videoRef}
              className="promo__video"
              preload="none"
              // The promo has no sound track (nothing to caption); its figcaption describes what it shows.
              muted
              playsInline
              width={1280}
              height={720}
              onClick={toggle}
            >
              <source src="/video/promo.webm" type="video/webm" />
              <source src="/video/promo.mp4" type="video/mp4" />
            </video>
          </div>
          <div className="player-controls">
            <button
              type="button"
              className="player-button"
              onClick={toggle}
              aria-label={playing ? 'Pause video' : 'Play video'}
            >
              <Icon name={playing ? 'pause' : 'play'} size={20} />
            </button>
            <span className="player-time" aria-label="Elapsed time">
              {formatTime(current)}
            </span>
            <input
              className="player-seek"
              type="range"
              min={0}
              max={duration || 0}
              step={0.1}
              value={Math.min(current, duration || 0)}
              onChange={seek}
              aria-label="Seek"
              aria-valuetext={`${formatTime(current)} of ${formatTime(duration)}`}
            />
            <span className="player-time" aria-label="Total time">
              {formatTime(duration)}
            </span>
          </div>
          <figcaption className="visually-hidden">
            Agency promo video: our recruitment journey in motion graphics.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
