import './flag.css';

/** Country flags are local, hand-made SVG files under /images/flags/. */
const CODES: Record<string, string> = {
  UAE: 'ae',
  'United Arab Emirates': 'ae',
  'Saudi Arabia': 'sa',
  Qatar: 'qa',
  Kuwait: 'kw',
  Bahrain: 'bh',
  Oman: 'om',
  UK: 'gb',
  'United Kingdom': 'gb',
  USA: 'us',
  US: 'us',
  'United States': 'us',
  Canada: 'ca',
  Germany: 'de',
  Australia: 'au',
  Turkey: 'tr',
  Belgium: 'be',
  China: 'cn',
  Japan: 'jp',
  Ghana: 'gh',
};

export function flagSrc(country: string): string {
  return `/images/flags/${CODES[country] ?? 'gh'}.svg`;
}

export function Flag({
  country,
  width = 48,
  decorative = false,
}: {
  country: string;
  width?: number;
  decorative?: boolean;
}) {
  const height = Math.round((width * 2) / 3);
  return (
    <img
      className="flag"
      src={flagSrc(country)}
      width={width}
      height={height}
      alt={decorative ? '' : `Flag of ${country}`}
      loading="lazy"
      decoding="async"
    />
  );
}
