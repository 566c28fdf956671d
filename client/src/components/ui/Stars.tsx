import { Icon } from './Icon';
import './stars.css';

export function Stars({ rating, max = 5 }: { rating: number; max?: number }) {
  const full = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of ${max}`}>
      {Array.from({ length: max }, (_, i) => (
        <span key={i} className={i < full ? 'star star--on' : 'star'}>
          <Icon name="star" size={16} />
        </span>
      ))}
    </span>
  );
}
