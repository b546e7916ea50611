vcl 4.1;
# Funnelwork's published pages behind Varnish 7 (docs/decisions/dashboard-and-delivery.md, "Published
# pages behind a CDN"). Run varnishd with `-p http_gzip_support=off`: the server sends brotli or gzip
# itself by Accept-Encoding, which this file reduces to br, gzip or none (Vary: Accept-Encoding).
# Set CDN_PURGE_URL to this Varnish's address: publishes purge with PURGE and a Surrogate-Key header.
# The backend's port below is the Funnelwork server's (the tests write their own).

backend default {
  .host = "127.0.0.1";
  .port = "3000";
}

# Who may purge: the Funnelwork servers.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE" || req.method == "BAN") {
    if (client.ip !~ purgers) {
      return (synth(405, "Not allowed"));
    }
    if (req.http.Surrogate-Key !~ "^[A-Za-z0-9_ -]+$") {
      return (synth(400, "Surrogate-Key required"));
    }
    # Every object carrying one of the keys: a ban, checked at each lookup (so at once) and cleaned
    # up by the ban lurker (it reads obj.* only).
    ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.Surrogate-Key, "\s+", "|") + ")(\s|$)");
    return (synth(200, "Purged"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The page script, fonts and template drawings are cached; every other /_fw/ answer (views,
  # checkout, opt-in, upsell) goes to the server.
  if (req.url ~ "^/_fw/" && req.url !~ "^/_fw/(runtime\.js|fonts/|template-images/)") {
    return (pass);
  }
  # Published HTML is the same for every visitor: looked up without cookies. The server still gets
  # them (vcl_backend_fetch): a step with A/B variants redirects by the visitor cookie, uncached.
  if (req.http.Cookie) {
    set req.http.X-Fw-Cookie = req.http.Cookie;
    unset req.http.Cookie;
  }
  if (req.http.Accept-Encoding ~ "\bbr\b") {
    set req.http.Accept-Encoding = "br";
  } elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
    set req.http.Accept-Encoding = "gzip";
  } else {
    unset req.http.Accept-Encoding;
  }
  return (hash);
}

sub vcl_hash {
  # Campaign parameters are the page script's to read (location.search): one object for all of them.
  hash_data(regsuball(req.url, "(?<=[?&])(utm_[a-z]+|gclid|fbclid)=[^&]*(&|$)", ""));
  if (req.http.host) {
    hash_data(req.http.host);
  } else {
    hash_data(server.ip);
  }
  return (lookup);
}

sub vcl_backend_fetch {
  if (bereq.http.X-Fw-Cookie) {
    set bereq.http.Cookie = bereq.http.X-Fw-Cookie;
    unset bereq.http.X-Fw-Cookie;
  }
}

sub vcl_backend_response {
  # Kept past its lifetime so Varnish revalidates with If-None-Match (a 304 from the server).
  set beresp.keep = 10m;
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  unset resp.http.Surrogate-Key;
  unset resp.http.xkey;
}
