import { render } from 'preact';
import { App } from './app';
import { startWebApp } from './pwa/register';
import './styles.css';

render(<App />, document.getElementById('app')!);
startWebApp();
