import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Icon } from '@/components/ui/Icon';
import { blogCategories, popularTags } from '../data/blog';
import { BlogNewsletterForm } from './BlogNewsletterForm';

export function BlogSidebar() {
  return (
    <aside className="blog-sidebar" aria-label="Blog sidebar">
      <section className="card later-on-phone" aria-labelledby="categories-title">
        <h2 id="categories-title" className="h3">
          Categories
        </h2>
        <ul className="category-list">
          {blogCategories.map((c) => (
            <li key={c.slug}>
              <Link to={paths.blogCategory(c.slug)}>
                <span>{c.name}</span>
                <span className="count" aria-label={`${c.count} articles`}>
                  {c.count}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="card later-on-phone" aria-labelledby="tags-title">
        <h2 id="tags-title" className="h3">
          Popular Tags
        </h2>
        <ul className="tag-list">
          {popularTags.map((t) => (
            <li key={t}>
              <Link className="tag tag--link" to={paths.blogTag(t)}>
                {t}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="card card--gradient later-on-phone" aria-labelledby="blog-newsletter-title">
        <h2 id="blog-newsletter-title" className="h3">
          Newsletter
        </h2>
        <p>Job openings, visa news and travel tips, once a week.</p>
        <BlogNewsletterForm />
      </section>
      <section className="card later-on-phone" aria-labelledby="blog-help-title">
        <h2 id="blog-help-title" className="h3">
          Need Career Advice?
        </h2>
        <p className="muted">Our consultants can review your CV and suggest the right jobs for you.</p>
        <Link to={paths.contact} className="button button--outline button--block">
          <Icon name="chat" size={18} /> Contact Us
        </Link>
      </section>
    </aside>
  );
}
