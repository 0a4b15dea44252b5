import type { Metadata } from 'next';
import { FatalNotFoundWithRequestPath } from '@/content/ui/wedding/wedding-route';

export const metadata: Metadata = { title: 'Stránka nenalezena' };

export default FatalNotFoundWithRequestPath;
