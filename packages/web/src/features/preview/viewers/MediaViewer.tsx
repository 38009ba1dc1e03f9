import { FileTypeIcon } from '../../../components/FileTypeIcon';
import { errorKeyOfResponse, type ViewerProps } from './types';

/** Audio and video played by the browser, which asks for the bytes it needs with Range requests. */
export default function MediaViewer({ view, onError }: ViewerProps) {
  const failed = () => void errorKeyOfResponse(view.urls.content, 'unsupport').then(onError);
  if (view.kind === 'audio') {
    return (
      <div className="cirrus-media is-audio">
        <FileTypeIcon file={{ ftype: 'file', extname: view.extname }} size={96} />
        <div className="cirrus-media-name">{view.fname}</div>
        {/* biome-ignore lint/a11y/useMediaCaption: user files come without captions */}
        <audio controls preload="metadata" src={view.urls.content} onError={failed} />
      </div>
    );
  }
  return (
    <div className="cirrus-media">
      {/* biome-ignore lint/a11y/useMediaCaption: user files come without captions */}
      <video controls preload="metadata" src={view.urls.content} onError={failed} />
    </div>
  );
}
