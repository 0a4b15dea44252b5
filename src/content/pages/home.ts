/** The home page's content file and its schema live in the site layer (her saved `home` settings lay over it). */
export { getHomeContent, homeSchema, type HomeContent } from '@/site/public.server';
