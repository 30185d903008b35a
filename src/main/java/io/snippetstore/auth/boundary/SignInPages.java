package io.snippetstore.auth.boundary;

import java.io.IOException;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Serves the sign-in page at {@code /login}, the browser-login consent page at {@code /authorize}
 * and the device-login page at {@code /device} (the static pages are {@code login.html},
 * {@code authorize.html} and {@code device.html}).
 */
@WebServlet({"/login", "/authorize", "/device"})
public class SignInPages extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        response.setHeader("Cache-Control", "no-store");
        request.getRequestDispatcher(request.getServletPath() + ".html").forward(request, response);
    }
}
