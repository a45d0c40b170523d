/** The web app manifest (installing the app on a phone's home screen): the product's name and icons. */
export function webManifest(productName: string) {
  return {
    name: productName,
    short_name: productName,
    description: 'Tu mentor con IA para emprender: conoce tu negocio y te ayuda a decidir.',
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#4f46e5',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
