// nginx's configuration for `npm run cluster` (and the browser test that goes through it).

/**
 * What every proxied request carries, written in each location: nginx inherits `proxy_set_header`
 * from the server block only into a location that sets none of its own, and both locations set
 * `Connection`. Without them an instance saw `Host: atende` (a browser's socket was refused: its
 * Origin did not match) and nginx's own address as every client's (one login limit for everyone).
 */
const FORWARDED = `      proxy_set_header Host $http_host;
      # Replaced, not appended: the instances trust it (TRUST_PROXY) for the login limits.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;`;

/**
 * nginx in front of the instances. WebSocket first: a socket is one TCP connection to one instance, so
 * new sockets go to the least busy one (least_conn). The HTTP long-polling fallback (networks that block
 * WebSocket) sends several requests per socket, which must reach the instance that holds it: each instance
 * names itself in a cookie (`atende_instance`, set on the Socket.IO handshake) and nginx routes
 * /socket.io/ by it, to that instance or, when it is down, to another (backup). REST is stateless: least_conn.
 */
export function nginxConfig({ listen, upstreams, directory }) {
  const server = (u, extra = '') => `    server 127.0.0.1:${u.port} max_fails=1 fail_timeout=5s${extra};`;
  const pinned = upstreams
    .map(
      (u) => `  upstream ${u.name.replace(/-/g, '_')} {
${server(u)}
${upstreams
  .filter((other) => other !== u)
  .map((other) => `    server 127.0.0.1:${other.port} backup;`)
  .join('\n')}
    keepalive 16;
  }`,
    )
    .join('\n');
  return `worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/nginx-error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${directory}/client_body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  # Media uploads go up to 10 MB.
  client_max_body_size 12m;

  upstream atende {
    least_conn;
${upstreams.map((u) => server(u)).join('\n')}
    keepalive 64;
  }
${pinned}

  # The instance a Socket.IO client was first sent to (its cookie), else any.
  map $cookie_atende_instance $atende_socket {
    default atende;
${upstreams.map((u) => `    ${u.name} ${u.name.replace(/-/g, '_')};`).join('\n')}
  }
  map $http_upgrade $atende_connection {
    default upgrade;
    '' '';
  }

  server {
    listen ${listen};
    proxy_http_version 1.1;

    location /socket.io/ {
      proxy_pass http://$atende_socket;
${FORWARDED}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $atende_connection;
      proxy_buffering off;
      # Longer than Socket.IO's ping interval + timeout (25 s + 20 s).
      proxy_read_timeout 75s;
      proxy_send_timeout 75s;
    }
    location / {
      proxy_pass http://atende;
${FORWARDED}
      proxy_set_header Connection '';
    }
  }
}
`;
}
