export { GetStartedScreen, TemplatesGalleryScreen } from './routes/get-started-screen.tsx';
