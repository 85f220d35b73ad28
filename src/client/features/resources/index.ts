/** The resources feature's public surface: its page (/app/resources), which the route table loads lazily. */
export { ResourcesHomePage } from './pages/ResourcesHomePage';
