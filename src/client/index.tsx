import { createRoot } from 'react-dom/client';

// Minimal page until the SPA shell lands.
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(<h1>SiapTes</h1>);
