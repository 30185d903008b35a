package io.snippetstore.auth.boundary;

import java.io.IOException;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Serves the sign-in page at {@code /login} and the browser-login consent page at
 * {@code /authorize} (the static pages themselves are {@code login.html} and {@code authorize.html}).
 */
@WebServlet({"/login", "/authorize"})
public class SignInPages extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        response.setHeader("Cache-Control", "no-store");
        request.getRequestDispatcher(request.getServletPath() + ".html").forward(request, response);
    }
}
