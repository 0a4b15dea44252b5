import { permanentRedirect } from 'next/navigation';

/** /weddings has no list of its own: the portfolio is the list of weddings. */
export default function WeddingsIndex() {
  permanentRedirect('/portfolio');
}
