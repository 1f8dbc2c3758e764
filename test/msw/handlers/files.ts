import { http, HttpResponse } from 'msw';
import { API } from '../api';

/** Uploads answer the uuid from the path and a made-up URL, as the real server does in shape. */
export const fileHandlers = [
  http.post(`${API}/files/Kgguards/:name`, ({ params }) => {
    const uuid = String(params.name).replace(/-original$/, '');
    return HttpResponse.json({ uuid, url: `/kgapi/files/view/${'a'.repeat(64)}` });
  }),
];
