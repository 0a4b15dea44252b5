// The same screen as /strapi-wedding-detail (a wedding chosen by ?slug=, else the first one).
export { default, generateMetadata } from '../../strapi-wedding-detail/page';
