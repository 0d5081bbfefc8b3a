-- Reports count toward the auto-hide only from different networks (an IPv4 address, an
-- IPv6 /64), computed by the API from the reporter's address. Earlier reports keep their address.
ALTER TABLE reports ADD COLUMN reporter_network text;
UPDATE reports SET reporter_network = reporter_ip WHERE reporter_network IS NULL;
