//! `wss://` addresses are reached over TLS, `ws://` and `host:port` ones
//! as plain WebSockets: what the first bytes on the wire say.

use starhop_net::{ClientConfig, ClientHandle, Connector, Want};
use std::io::Read;
use std::net::TcpListener;
use std::time::Duration;

/// The first bytes a client sends to a listener when told `scheme` + its address.
fn first_bytes(scheme: &str) -> [u8; 4] {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let peer = std::thread::spawn(move || {
        let (mut socket, _) = listener.accept().unwrap();
        socket
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut first = [0u8; 4];
        socket.read_exact(&mut first).unwrap();
        first
    });
    let connector = Connector::WebSocket(format!("{scheme}{addr}"));
    let config = ClientConfig::new("ABCDE-FGHJK", "Ann", Want::Any);
    let (_client, _events) = ClientHandle::connect(connector, config).unwrap();
    peer.join().unwrap()
}

#[test]
fn a_wss_address_speaks_tls_and_a_ws_address_plain_http() {
    // A TLS record of the handshake type (22), protocol version 3.x.
    let tls = first_bytes("wss://");
    assert_eq!(tls[0], 22, "a TLS handshake record: {tls:?}");
    assert_eq!(tls[1], 3);
    assert_eq!(&first_bytes("ws://"), b"GET ");
    assert_eq!(&first_bytes(""), b"GET ");
}

#[test]
fn a_server_that_does_not_speak_tls_is_refused_with_words() {
    // A plain listener that answers a TLS hello with HTTP.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        use std::io::Write;
        let (mut socket, _) = listener.accept().unwrap();
        let mut buf = [0u8; 512];
        let _ = socket.read(&mut buf);
        let _ = socket.write_all(b"HTTP/1.1 400 Bad Request\r\n\r\n");
    });
    let err = starhop_net::rooms::list_tables(&format!("wss://{addr}")).unwrap_err();
    assert!(err.contains("no Starhop host"), "{err}");
}
