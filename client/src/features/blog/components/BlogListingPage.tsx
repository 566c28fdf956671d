import { Link, useLocation, useParams } from 'react-router-dom';
import { PageHero } from '@/components/ui/PageHero';
import { PageLoader } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { slugify } from '@/lib/slug';
import { initialRouteData } from '@/lib/route-data';
import { useResource, type ResourceState } from '@/lib/use-resource';
import { usePageMeta } from '@/lib/use-page-meta';
import { getBlogPosts } from '../api/get-blog-posts';
import type { BlogPostSummary } from '../api/types';
import { categoryBySlug } from '../data/blog';
import { BlogCard } from './BlogCard';
import { BlogSidebar } from './BlogSidebar';
import './blog.css';

/** What a listing page says about its category or tag. */
function listingTexts(kind: 'category' | 'tag', value: string) {
  if (kind === 'tag') {
    return {
      title: `Tag: ${value}`,
      description: `Blog articles tagged ${value}.`,
      lead: 'Articles with this tag.',
    };
  }
  const label = categoryBySlug(value)?.name ?? value;
  return {
    title: `Category: ${label}`,
    description: `Blog articles in ${label}.`,
    lead: 'Articles in this category.',
  };
}

function inListing(post: BlogPostSummary, kind: 'category' | 'tag', value: string): boolean {
  return kind === 'category'
    ? slugify(post.category) === slugify(value)
    : post.tags.some((t) => t.toLowerCase() === value.toLowerCase());
}

/** The posts to list: the served ones as they are, fetched ones filtered here. */
function listedPosts(
  state: ResourceState<BlogPostSummary[]>,
  served: BlogPostSummary[] | undefined,
  kind: 'category' | 'tag',
  value: string,
): BlogPostSummary[] {
  if (state.status !== 'success') return [];
  return served ? state.data : state.data.filter((p) => inListing(p, kind, value));
}

function ListingNotices({ state, empty }: { state: ResourceState<BlogPostSummary[]>; empty: boolean }) {
  return (
    <>
      {state.status === 'loading' ? <PageLoader /> : null}
      {state.status === 'error' ? (
        <p className="notice" role="alert">
          We could not load the articles. Please try again later.
        </p>
      ) : null}
      {state.status === 'success' && empty ? (
        <p className="notice">
          No articles here yet. Browse all articles on the <Link to={paths.blog}>blog</Link>.
        </p>
      ) : null}
    </>
  );
}

/** Posts of one category (/blog/category/{slug}) or one tag (/blog/tag/{tag}). */
export default function BlogListingPage({ kind }: { kind: 'category' | 'tag' }) {
  const params = useParams();
  const value = (kind === 'category' ? params.slug : params.tag) ?? '';
  const texts = listingTexts(kind, value);
  usePageMeta(texts.title, texts.description);
  // Served by the app, the page carries the posts of its category or tag in a JSON block
  // (src/app/pages/blog_listing.py): the first render is the server's, without a request.
  const { pathname } = useLocation();
  const served = initialRouteData<BlogPostSummary[]>(`blog-${kind}`, pathname)?.record ?? undefined;
  const [state] = useResource((signal) => getBlogPosts(signal), 'all', served ? { data: served } : undefined);
  const posts = listedPosts(state, served, kind, value);
  return (
    <>
      <PageHero eyebrow="Blog" title={texts.title} lead={texts.lead} />
      <section className="section">
        <div className="container blog-layout">
          <div>
            {/* The cards' titles are h3, as under /blog's "Latest Articles": no level skipped. */}
            <h2 className="visually-hidden">Articles</h2>
            <ListingNotices state={state} empty={posts.length === 0} />
            <div className="card-grid card-grid--2">
              {posts.map((p, i) => (
                <BlogCard key={p.id} post={p} later={i > 0} />
              ))}
            </div>
            <p className="back-link">
              <Link to={paths.blog}>← Back to all articles</Link>
            </p>
          </div>
          <BlogSidebar />
        </div>
      </section>
    </>
  );
}
